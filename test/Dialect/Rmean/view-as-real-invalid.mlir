// RUN: rmean-opt %s --split-input-file -verify-diagnostics

// Every rule of rmean.view_as_real's verifier, and the operand types ODS
// accepts.

func.func @shape(%x: tensor<4xcomplex<f32>>) {
  // expected-error @below {{result type 'tensor<4x3xf32>' is not the parts view of the input; expected 'tensor<4x2xf32>'}}
  %0 = rmean.view_as_real %x : tensor<4xcomplex<f32>> to tensor<4x3xf32>
  return
}

// -----

func.func @part_type(%x: tensor<4xcomplex<f32>>) {
  // expected-error @below {{result type 'tensor<4x2xf64>' is not the parts view of the input; expected 'tensor<4x2xf32>'}}
  %0 = rmean.view_as_real %x : tensor<4xcomplex<f32>> to tensor<4x2xf64>
  return
}

// -----

func.func @kind(%x: tensor<4xcomplex<f32>>) {
  // expected-error @below {{result type 'memref<4x2xf32>' is not the parts view of the input; expected 'tensor<4x2xf32>'}}
  %0 = rmean.view_as_real %x : tensor<4xcomplex<f32>> to memref<4x2xf32>
  return
}

// -----

func.func @strides(%x: memref<4xcomplex<f32>, strided<[3]>>) {
  // expected-error @below {{result type 'memref<4x2xf32, strided<[3, 1]>>' is not the parts view of the input; expected 'memref<4x2xf32, strided<[6, 1]>>'}}
  %0 = rmean.view_as_real %x : memref<4xcomplex<f32>, strided<[3]>> to memref<4x2xf32, strided<[3, 1]>>
  return
}

// -----

func.func @identity_layout(%x: memref<4x4xcomplex<f32>>) {
  // The identity gives the identity, not its strided spelling.
  // expected-error @below {{result type 'memref<4x4x2xf32, strided<[8, 2, 1]>>' is not the parts view of the input; expected 'memref<4x4x2xf32>'}}
  %0 = rmean.view_as_real %x : memref<4x4xcomplex<f32>> to memref<4x4x2xf32, strided<[8, 2, 1]>>
  return
}

// -----

func.func @memory_space(%x: memref<4xcomplex<f32>, 1>) {
  // expected-error @below {{result type 'memref<4x2xf32>' is not the parts view of the input; expected 'memref<4x2xf32, 1>'}}
  %0 = rmean.view_as_real %x : memref<4xcomplex<f32>, 1> to memref<4x2xf32>
  return
}

// -----

func.func @not_strided(%x: memref<4xcomplex<f32>, affine_map<(d0) -> (d0 mod 2)>>) {
  // expected-error @below {{input layout affine_map<(d0) -> (d0 mod 2)> is not strided: its parts have no strided view}}
  %0 = rmean.view_as_real %x : memref<4xcomplex<f32>, affine_map<(d0) -> (d0 mod 2)>> to memref<4x2xf32>
  return
}

// -----

func.func @real_input(%x: tensor<4xf32>) {
  // expected-error @below {{operand #0 must be ranked tensor of complex-type values or memref of complex-type values}}
  %0 = rmean.view_as_real %x : tensor<4xf32> to tensor<4x2xf32>
  return
}

// -----

func.func @unranked(%x: tensor<*xcomplex<f32>>) {
  // expected-error @below {{operand #0 must be ranked tensor of complex-type values or memref of complex-type values}}
  %0 = rmean.view_as_real %x : tensor<*xcomplex<f32>> to tensor<2xf32>
  return
}
